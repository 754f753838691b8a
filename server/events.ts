// In-process bus of account events (`asset.uploaded`, `gallery.created`, …) that webhook delivery subscribes to.
import { EventEmitter } from 'node:events';

export type EventName =
  | 'gallery.created'
  | 'gallery.updated'
  | 'gallery.deleted'
  | 'asset.uploaded'
  | 'asset.updated'
  | 'asset.deleted'
  | 'asset.synced'
  | 'live.created'
  | 'live.started'
  | 'live.stopped'
  | 'live.deleted';

export interface AccountEvent {
  event: EventName;
  /** The record the event is about (asset record, gallery entry, stream entry). */
  data: Record<string, unknown>;
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit(event: EventName, data: Record<string, unknown>): void {
    this.emitter.emit('event', { event, data } satisfies AccountEvent);
  }

  subscribe(listener: (event: AccountEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
