/** Empty Web Storage: the server renders what a first visit sees, with nothing saved in the browser. */
class EmptyStorage implements Storage {
  get length() {
    return 0;
  }
  clear() {}
  getItem() {
    return null;
  }
  key() {
    return null;
  }
  removeItem() {}
  setItem() {}
}

/** Gives the server's render a `localStorage` and `sessionStorage` that keep nothing (pages read them). */
export function installServerStorage(): void {
  const g = globalThis as { localStorage?: Storage; sessionStorage?: Storage };
  g.localStorage ??= new EmptyStorage();
  g.sessionStorage ??= new EmptyStorage();
}
