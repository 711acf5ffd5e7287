/** The same keys as the Chinese resource, every leaf a string: a missing English text fails tsc. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
