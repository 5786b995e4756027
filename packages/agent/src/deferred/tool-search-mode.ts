/** How deferred tools are offered: the provider's own tool search, or the agent's local one. */
export type ToolSearchMode = 'provider' | 'local';
