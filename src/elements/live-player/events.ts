// The player's typed DOM events: they bubble and cross shadow roots so a page can follow a player it
// did not create (an embed, a player inside another component) without holding a reference to it.

/** What the viewer is seeing, reflected in the `state` attribute. */
export type LivePlayerState = 'idle' | 'waiting' | 'playing' | 'stalled' | 'ended' | 'error';

export interface LivePlayerStateDetail {
  state: LivePlayerState;
  previous: LivePlayerState;
  /** A sentence for people: why it waits, stalled or failed; empty while playing. */
  message: string;
}

export interface LivePlayerAdminDetail {
  operation: 'start' | 'stop' | 'reset';
  /** The stream state the API answered (`starting`, `stopped`, `resetting`, …). */
  state: string;
  /** The API's note about charges. */
  note: string;
}

const init = { bubbles: true, composed: true } as const;

export class LivePlayerStateEvent extends Event {
  static readonly type = 'live-player-state';
  constructor(readonly detail: LivePlayerStateDetail) {
    super(LivePlayerStateEvent.type, init);
  }
}

export class LivePlayerAdminEvent extends Event {
  static readonly type = 'live-player-admin';
  constructor(readonly detail: LivePlayerAdminDetail) {
    super(LivePlayerAdminEvent.type, init);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'live-player-state': LivePlayerStateEvent;
    'live-player-admin': LivePlayerAdminEvent;
  }
}
