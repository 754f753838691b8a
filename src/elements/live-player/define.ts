// Registers <live-player> once and only in a browser (a widget loaded twice on a page must not throw).
import { defineElement } from '../shared/define-element.ts';
import { LivePlayer } from './live-player.ts';

export function defineLivePlayer(): void {
  defineElement('live-player', LivePlayer);
}

export { LivePlayer };
