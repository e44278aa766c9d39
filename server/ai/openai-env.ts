// @ai-sdk/openai reads OPENAI_BASE_URL when it loads (for its default instance) and throws on an empty value,
// which stopped the start even with the offline model. An empty setting means 'not set' everywhere in akut
// (server/config.ts), so it is removed before that module loads: model.ts imports this file first.
for (const key of ['OPENAI_BASE_URL', 'OPENAI_API_KEY'] as const) {
  if (process.env[key]?.trim() === '') delete process.env[key];
}
