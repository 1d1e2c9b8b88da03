#!/usr/bin/env sh
# Starts the Java MCP SDK driver built by clients/java/prepare.sh (target/ holds the jar and its dependencies).
here="$(cd "$(dirname "$0")" && pwd)"
exec java -XX:TieredStopAtLevel=1 -Xshare:auto -cp "$here/target/toolshift-driver-java-mcp-0.1.0.jar:$here/target/lib/*" dev.toolshift.driver.Driver
