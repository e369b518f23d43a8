// What Pagefind's UI imports as "pagefind.js" on the search page (its bundlePath is this
// folder): Folio's search (folio-search.js), which merges the rulebooks' bundles and ranks the
// units of every page together, behind the calls the UI makes of Pagefind's own module. The UI
// is given no processTerm: Folio's search needs the words as the reader typed them.
const folio = () => window.FolioSearch;

export async function options() {}
export async function mergeIndex() {}
export async function init() {
  await folio().pagefind();
}
export async function preload() {}
export async function filters() {
  return {};
}
export async function search(term) {
  return folio().search(term);
}
export async function debouncedSearch(term) {
  return folio().search(term);
}
export function destroy() {}
