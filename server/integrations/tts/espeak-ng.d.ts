// The espeak-ng package ships no types: an Emscripten module factory (MODULARIZE, ES6 export).
declare module 'espeak-ng' {
  export interface ESpeakNGModule {
    FS: {
      writeFile(path: string, data: string | Uint8Array): void;
      readFile(path: string): Uint8Array;
    };
  }
  export interface ESpeakNGOptions {
    /** Command-line arguments of the espeak-ng program; main() runs once the module is ready. */
    arguments?: string[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    quit?: (status: number, toThrow: unknown) => void;
    preRun?: Array<(module: ESpeakNGModule) => void>;
    instantiateWasm?: (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
  }
  const ESpeakNG: (options?: ESpeakNGOptions) => Promise<ESpeakNGModule>;
  export default ESpeakNG;
}
