#!/usr/bin/env node
// The `toolshift` command: the CLI lives in @toolshift/scenarios; importing its entry runs it on process.argv.
import '@toolshift/scenarios/cli';
