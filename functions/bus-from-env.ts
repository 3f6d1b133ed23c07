/** The `arbiter` EventBridge bus of a Lambda that publishes integration events, built once per container (EVENT_BUS_NAME). */
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { EventBridgeBus } from './adapters/bus.ts';
import { required } from './config.ts';
import type { EventBus } from './kernel/ports.ts';

let bus: EventBus | undefined;

export const busFromEnv = (): EventBus => {
  bus ??= new EventBridgeBus(new EventBridgeClient({}), required('EVENT_BUS_NAME'));
  return bus;
};
