/**
 * @toolshift/testcontainers — starts the toolshift fake MCP server image with testcontainers:
 * `new ToolshiftContainer(image).withScript(file | document).start()`.
 */

export { StartedToolshiftContainer } from './started-toolshift-container.js';
export { SCRIPT_DIR, TOOLSHIFT_PORT, ToolshiftContainer } from './toolshift-container.js';
