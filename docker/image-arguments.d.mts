export declare const IMAGE_COMMANDS: string[];
export declare function imageArguments(given: string[]): string[];
