// Package entry of the live player: the class, its events and types; registers nothing (see define.ts).
export * from './events.ts';
export { type AutoplayMode, LivePlayer, type LivePlayerStrings } from './live-player.ts';
