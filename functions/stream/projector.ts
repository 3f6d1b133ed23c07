// placeholder: replaced by the lead engineer
export const handler = async () => ({});
