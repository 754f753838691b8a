// `gallery-elements/view`: registers <gallery-view> (guarded) and exports its class and events.
import '../elements/gallery-view/define.ts';

export * from '../elements/gallery-view/index.ts';
