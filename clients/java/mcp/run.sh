#!/usr/bin/env sh
# Starts the Java MCP SDK driver its manifest's prepare built (target/, a symlink into $TOOLSHIFT_CACHE_DIR, holds the jar and its dependencies).
here="$(cd "$(dirname "$0")" && pwd)"
exec java -XX:TieredStopAtLevel=1 -Xshare:auto -cp "$here/target/toolshift-driver-java-mcp-0.1.0.jar:$here/target/lib/*" dev.toolshift.driver.Driver
