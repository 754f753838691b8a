// `gallery-elements/live`: registers <live-player> (guarded) and exports its class and events.
import { defineLivePlayer } from '../elements/live-player/define.ts';

defineLivePlayer();

export * from '../elements/live-player/events.ts';
export { LivePlayer } from '../elements/live-player/live-player.ts';
