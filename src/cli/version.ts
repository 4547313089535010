/** The version splice reports (--version, the MCP server info). */
export const VERSION = "0.1.0"
