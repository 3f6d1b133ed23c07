/** The command id a request's body names, before the body is parsed (API-4); undefined when it names none. */
export const commandIdIn = (body: string | undefined): string | undefined => {
  try {
    const id = (JSON.parse(body ?? '') as { commandId?: unknown } | null)?.commandId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
};
