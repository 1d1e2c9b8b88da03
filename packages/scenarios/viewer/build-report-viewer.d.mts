/** The viewer's entry file (report-viewer.ts). */
export declare const viewerEntry: string;
/** Where the bundle is written: dist/report-viewer.js. */
export declare const viewerBundle: string;
/** Bundles the viewer with Preact into dist/report-viewer.js; resolves with its path. */
export declare function buildReportViewer(): Promise<string>;
