// No zod here: the web builds addresses before its schemas have loaded.
/** The path of a call: the contract's URL with each `:name` filled in. */
export function pathOf(url: string, params: Record<string, unknown> | undefined): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`${url} needs the "${name}" parameter`);
    return encodeURIComponent(String(value));
  });
}
