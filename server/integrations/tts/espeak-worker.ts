// Worker thread of the offline text-to-speech: runs the espeak-ng program (WASM) once per job and
// answers with the WAV bytes. The WASM is compiled once per worker; every job gets a fresh instance,
// because espeak-ng's main() keeps global state and ends the program.
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import ESpeakNG from 'espeak-ng';

export interface SpeechJob {
  id: number;
  voice: string;
  text: string;
}

export type SpeechJobResult = { id: number; ok: true; wav: Uint8Array } | { id: number; ok: false; error: string };

const compiled = WebAssembly.compile(fs.readFileSync(new URL('espeak-ng.wasm', import.meta.resolve('espeak-ng'))));

async function speak(job: SpeechJob): Promise<Uint8Array> {
  const module = await compiled;
  const log: string[] = [];
  let status = 0;
  const espeak = await ESpeakNG({
    // -b 1: the input file is UTF-8. Without -m the text is never read as SSML.
    arguments: ['-v', job.voice, '-b', '1', '-f', '/input.txt', '-w', '/speech.wav'],
    preRun: [(m) => m.FS.writeFile('/input.txt', `${job.text}\n`)],
    print: (line) => log.push(line),
    printErr: (line) => log.push(line),
    // Emscripten's default sets process.exitCode; the program's end is only the end of this job.
    quit: (code, toThrow) => {
      status = code;
      throw toThrow;
    },
    instantiateWasm: (imports, receive) => {
      WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
      return {};
    },
  });
  if (status !== 0) throw new Error(`espeak-ng exited with ${status}: ${log.join(' ').slice(0, 300)}`);
  const wav = espeak.FS.readFile('/speech.wav');
  // Only a view that owns its whole buffer can be transferred without taking the rest along.
  return wav.byteOffset === 0 && wav.byteLength === wav.buffer.byteLength ? wav : wav.slice();
}

parentPort?.on('message', (job: SpeechJob) => {
  speak(job).then(
    (wav) => parentPort!.postMessage({ id: job.id, ok: true, wav } satisfies SpeechJobResult, [wav.buffer as ArrayBuffer]),
    (e: unknown) => parentPort!.postMessage({ id: job.id, ok: false, error: e instanceof Error ? e.message : String(e) } satisfies SpeechJobResult),
  );
});
