// The panic banner's buttons, wired in plain JS: after a panic the wasm instance has aborted, so
// nothing here may call back into it.
export function wirePanicBanner(banner, details) {
  banner.querySelector('[data-action="reload"]')?.addEventListener('click', () => location.reload());
  const copy = banner.querySelector('[data-action="copy"]');
  copy?.addEventListener('click', () => {
    const done = () => copy.setAttribute('data-copied', 'true');
    if (navigator.clipboard) navigator.clipboard.writeText(details).then(done, () => {});
  });
}
