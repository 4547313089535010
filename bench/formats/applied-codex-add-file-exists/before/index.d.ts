declare function escapeHtml(string: unknown): string;
export = escapeHtml;
