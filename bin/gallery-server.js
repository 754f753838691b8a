#!/usr/bin/env node
// Entry of the `gallery-server` command: runs the TypeScript server through tsx's loader.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../server/cli.ts');
process.exitCode = await main(process.argv.slice(2));
