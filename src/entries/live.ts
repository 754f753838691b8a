// `gallery-elements/live`: registers <live-player> (guarded) and exports its class and events.
import '../elements/live-player/define.ts';

export * from '../elements/live-player/index.ts';
