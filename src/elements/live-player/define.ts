// Registers <live-player> (only in a browser, only once) and types document.createElement for it.
import { defineElement } from '../shared/define-element.ts';
import { LivePlayer } from './live-player.ts';

defineElement('live-player', LivePlayer);

declare global {
  interface HTMLElementTagNameMap {
    'live-player': LivePlayer;
  }
}
