// The class of every error the careergraph package throws or rejects with. src/api/error.rs
// constructs it; the package's entry (web/pkg/index.*.js) re-exports this very class, so a host
// app can write `error instanceof CareerGraphError` and switch on `error.code`.
export class CareerGraphError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "CareerGraphError";
    this.code = code;
  }
}
