// The embed example's logic: a Runner from the form, one run at a time, its events as a list.
// Imports the package's `web` build, served under ./pkg/ (see web/e2e/serve.mjs).
import init, { CareerGraphError, Runner } from './pkg/index.js';

const $ = (id) => document.getElementById(id);
let run = null;

/** The host a base URL sends to (`127.0.0.1:8787`), as `confirmedHost` expects it; none when empty. */
function hostOf(url) {
  try {
    return url.trim() ? new URL(url.trim()).host : null;
  } catch {
    return null;
  }
}

function providerConfig() {
  const baseUrl = $('base-url').value;
  return {
    provider: $('provider').value,
    baseUrl,
    // Only when the user ticked it: the runner refuses a first-party key for an unconfirmed host.
    confirmedHost: $('confirm-host').checked ? hostOf(baseUrl) : null,
    model: $('model').value,
    apiKey: $('api-key').value,
  };
}

function showError(error) {
  // A CareerGraphError: `message` is for the user, `code` for programs (and the tests).
  $('error').textContent = error.message;
  $('error').dataset.code = error instanceof CareerGraphError ? error.code : 'unexpected';
  $('status').textContent = 'failed';
}

// One line per event; the many `delta` events only update a counter, so the list stays readable.
let deltas = 0;
function describe(event) {
  switch (event.type) {
    case 'node_started': return `${event.node} started`;
    case 'node_finished': return `${event.node} finished`;
    case 'node_failed': return `${event.node} failed: ${event.error}`;
    case 'step_done': return `step ${event.step} done (${event.nodes.join(', ')})`;
    case 'interrupted': return `waiting for an answer (${event.interrupts.length})`;
    case 'run_finished': return 'run finished';
    case 'run_failed': return `run failed: ${event.error}`;
    case 'custom': {
      const p = event.payload;
      if (p.type === 'usage') return `${p.agent}: ${p.input_tokens} + ${p.output_tokens} tokens (${p.model})`;
      if (p.type === 'agent_error') return `${p.agent} error: ${p.error}`;
      return null;
    }
  }
  return event.type;
}

function render(event) {
  if (event.type === 'custom' && event.payload.type === 'delta') {
    deltas += 1;
    $('status').textContent = `running (${deltas} text chunks streamed)`;
    return;
  }
  const text = describe(event);
  if (!text) return;
  const item = document.createElement('li');
  item.className = event.type === 'custom' ? event.payload.type : event.type;
  item.textContent = text;
  $('events').append(item);
}

async function startReview() {
  $('events').replaceChildren();
  $('error').textContent = '';
  delete $('error').dataset.code;
  $('score').textContent = '';
  deltas = 0;
  try {
    const runner = new Runner(providerConfig());
    run = runner.start('resume_review', {
      resume: $('resume').value,
      targetRole: $('role').value,
      maxIterations: Number($('rounds').value) || 1,
    });
  } catch (error) {
    showError(error);
    return;
  }
  $('run').disabled = true;
  $('cancel').disabled = false;
  $('status').textContent = 'running';
  run.subscribe(render);
  try {
    const state = await run.result();
    $('score').textContent = state.final_score.toFixed(1);
    $('status').textContent = state.warnings.length ? `done, ${state.warnings.length} warning(s)` : 'done';
  } catch (error) {
    showError(error);
  } finally {
    run = null;
    $('run').disabled = false;
    $('cancel').disabled = true;
  }
}

await init();
$('diagram').textContent = Runner.mermaid('resume_review');
$('run').addEventListener('click', startReview);
$('cancel').addEventListener('click', () => run?.cancel());
$('status').textContent = 'ready';
