// The image's entrypoint: `toolshift` with the arguments docker/image-arguments.mjs makes of the
// ones given after the image name (every command; `serve` by default):
//
//   docker run … toolshift                       → serve --script /toolshift/script.yaml --host 0.0.0.0 --port 8080
//   docker run … toolshift --stdio               → serve --script /toolshift/script.yaml --stdio
//   docker run … toolshift run --client reference --scenario one-valid-tool
//   docker run … toolshift list
import { imageArguments } from './image-arguments.mjs';

const CLI = '/opt/toolshift/bin/toolshift.js';
// The CLI runs in this process, as if started with these arguments, so signals reach it directly.
process.argv = [process.argv[0], CLI, ...imageArguments(process.argv.slice(2))];
await import(CLI);
