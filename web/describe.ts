/** Each event of a log as one sentence a player reads: who did what, with its main facts. */
import type { EventEnvelope } from '../domain/kernel/envelope.ts';

const words = (type: string): string => type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const fact = (key: string, value: unknown): string | null => {
  if (value === null || value === undefined || key === 'rule' || key === 'hash' || key === 'salt') return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return `${words(key)} ${String(value)}`;
  if (typeof value === 'object' && value !== null && 'x' in value && 'y' in value) {
    const p = value as { x: unknown; y: unknown };
    return `${words(key)} (${String(p.x)}, ${String(p.y)})`;
  }
  return null;
};

export const describeEvent = (event: EventEnvelope): string => {
  const actor = event.actor === 'system' ? 'The referee' : event.actor;
  if (event.type === 'Sealed' && event.data === null)
    return `${event.seq}. ${actor}: sealed orders (hidden from this seat until they are revealed)`;
  const data = event.data !== null && typeof event.data === 'object' ? (event.data as Record<string, unknown>) : {};
  const facts = Object.entries(data)
    .map(([k, v]) => fact(k, v))
    .filter((f): f is string => f !== null)
    .slice(0, 5);
  const rule = typeof data.rule === 'string' ? ` [${data.rule}]` : '';
  return `${event.seq}. ${actor}: ${words(event.type)}${facts.length ? `: ${facts.join(', ')}` : ''}${rule}`;
};
