// Types of subset-font 2.9 (harfbuzz's subsetter in WebAssembly), for the options the build uses; the package
// ships none.
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
    /** OpenType feature tags to keep; all are kept when omitted (`--layout-features=*`). */
    keepFeatures?: string[];
    noHinting?: boolean;
  }
  export default function subsetFont(
    font: Buffer | Uint8Array,
    text: string,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}
