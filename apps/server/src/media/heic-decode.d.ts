// heic-decode ships no types; this is the part of its API we call (libheif compiled to wasm).
declare module 'heic-decode' {
  interface DecodedHeif {
    width: number;
    height: number;
    /** RGBA, 8 bits a channel, rows top to bottom, with the file's rotation already applied. */
    data: Uint8ClampedArray;
  }
  interface HeifImage {
    width: number;
    height: number;
    decode(): Promise<DecodedHeif>;
  }
  type HeifImages = HeifImage[] & { dispose(): void };
  function decode(input: { buffer: Uint8Array | ArrayBuffer }): Promise<DecodedHeif>;
  namespace decode {
    /** Every top-level image, sized but not yet decoded; call dispose() when done. */
    function all(input: { buffer: Uint8Array | ArrayBuffer }): Promise<HeifImages>;
  }
  export default decode;
}
