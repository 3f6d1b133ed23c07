/**
 * INV-1: how big one game may grow. A game's state is stored whole in three DynamoDB items
 * (its snapshot `SNAP#<seq>`, `SNAP#LATEST` and its read model `VIEW`), and DynamoDB refuses
 * any item over 400 KB. The state's budget is half of that: the rest of each item (its keys,
 * the read model's lobby entry, attribute names) takes well under 1 KB, and the other half is
 * the margin for what the budget does not see, such as a rules change that adds a field to
 * every unit of an old game. Each ruleset's limits (`docs/rules/*.md`, "Limits") are chosen so
 * that the largest game it accepts stays under the budget for the whole of its play; the
 * command path also refuses any command whose state would exceed it (`STATE_TOO_LARGE`), so a
 * game that reached it still takes every command that does not grow it, `Concede` included.
 */

/** The most bytes a game's state may take as JSON (UTF-8): 200 KiB, half DynamoDB's 400 KB item. */
export const STATE_BUDGET_BYTES = 200 * 1024;

/** DynamoDB's largest item, which the budget keeps every game item well under. */
export const DYNAMODB_ITEM_LIMIT_BYTES = 400 * 1024;
