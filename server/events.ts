// In-process bus of account events (`asset.uploaded`, `gallery.created`, …) that webhook delivery subscribes to.
import { EventEmitter } from 'node:events';
import type { WebhookEventName } from '../src/contract/events.ts';

export type EventName = WebhookEventName;

export interface AccountEvent {
  event: EventName;
  /** The record the event is about (asset record, gallery entry, stream entry). */
  data: Record<string, unknown>;
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit(event: EventName, data: object): void {
    this.emitter.emit('event', { event, data: data as Record<string, unknown> } satisfies AccountEvent);
  }

  subscribe(listener: (event: AccountEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
