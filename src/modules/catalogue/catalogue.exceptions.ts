import { ApiError, DomainException, ErrorMap, InvalidParam, InvalidReason, invalidParam } from '@tessera/http';

export enum CatalogueErrorCode {
  /** An id and an external id given for the same reference name different records. */
  ReferencesDisagree = 'references_disagree',
  /** A referenced product, group, brand, tag, store, partner or currency does not exist. */
  ReferenceNotFound = 'reference_not_found',
  /** The record repeats a key (external id, PLU id, currency) an earlier record or entry of the request has. */
  DuplicateInRequest = 'duplicate_in_request',
  /** The PLU ids of a product record name more than one existing product. */
  PluIdsOfSeveralProducts = 'plu_ids_of_several_products',
  /** The new parent of a product group is the group itself or one of its descendants. */
  GroupCycle = 'group_cycle',
}

const REASONS: Record<CatalogueErrorCode, InvalidReason> = {
  [CatalogueErrorCode.ReferencesDisagree]: InvalidReason.NotAllowedValue,
  [CatalogueErrorCode.ReferenceNotFound]: InvalidReason.NotFound,
  [CatalogueErrorCode.DuplicateInRequest]: InvalidReason.NotAllowedValue,
  [CatalogueErrorCode.PluIdsOfSeveralProducts]: InvalidReason.RelationAlreadyExists,
  [CatalogueErrorCode.GroupCycle]: InvalidReason.NotAllowedValue,
};

const catalogueErrorMap: ErrorMap<CatalogueErrorCode, CatalogueException> = {
  [CatalogueErrorCode.ReferencesDisagree]: (e) => ApiError.badRequest([e.toInvalidParam()]),
  [CatalogueErrorCode.ReferenceNotFound]: (e) => ApiError.badRequest([e.toInvalidParam()]),
  [CatalogueErrorCode.DuplicateInRequest]: (e) => ApiError.badRequest([e.toInvalidParam()]),
  [CatalogueErrorCode.PluIdsOfSeveralProducts]: (e) => ApiError.badRequest([e.toInvalidParam()]),
  [CatalogueErrorCode.GroupCycle]: (e) => ApiError.badRequest([e.toInvalidParam()]),
};

/**
 * Catalogue rule violations. Each names one request field; batches collect them per record as
 * invalid params (`toInvalidParam`) instead of throwing, so a partial batch can report them.
 */
export class CatalogueException extends DomainException<CatalogueErrorCode> {
  protected readonly errorMap = catalogueErrorMap;

  toInvalidParam(): InvalidParam {
    return invalidParam(this.details.name ?? '', REASONS[this.code], this.message, this.details.value);
  }

  static referencesDisagree(name: string, other: string, value: unknown): CatalogueException {
    return new CatalogueException(CatalogueErrorCode.ReferencesDisagree, `${name} and ${other} name different records`, { name, value });
  }

  static referenceNotFound(name: string, what: string, value: unknown): CatalogueException {
    return new CatalogueException(CatalogueErrorCode.ReferenceNotFound, `No ${what} has this id`, { name, value });
  }

  static duplicateInRequest(name: string, value: unknown, firstAt: string): CatalogueException {
    return new CatalogueException(CatalogueErrorCode.DuplicateInRequest, `The same value is already given at ${firstAt}`, { name, value });
  }

  static pluIdsOfSeveralProducts(name: string, productIds: string[]): CatalogueException {
    return new CatalogueException(
      CatalogueErrorCode.PluIdsOfSeveralProducts,
      `These PLU ids belong to different existing products (${productIds.join(', ')})`,
      { name },
    );
  }

  static groupCycle(name: string, value: unknown): CatalogueException {
    return new CatalogueException(CatalogueErrorCode.GroupCycle, 'A product group cannot be its own ancestor', { name, value });
  }
}
