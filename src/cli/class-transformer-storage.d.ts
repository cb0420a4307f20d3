// class-transformer keeps the metadata of @Type in a module its package does not type by its CommonJS path;
// class-validator-jsonschema needs it to follow nested DTOs.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
