import { DomainException, ErrorMap, InvalidReason } from '@tessera/http';

export enum SegmentsErrorCode {
  /** The customer is already a member of the segment. */
  AlreadyMember = 'already_member',
  /** The customer is not a member of the segment. */
  NotMember = 'not_member',
  /** Members of a dynamic segment follow its conditions; they are not added or removed by hand. */
  DynamicMembership = 'dynamic_membership',
}

const segmentsErrorMap: ErrorMap<SegmentsErrorCode, SegmentsException> = {
  [SegmentsErrorCode.AlreadyMember]: (e) => e.invalidParamError(InvalidReason.RelationAlreadyExists),
  [SegmentsErrorCode.NotMember]: (e) => e.invalidParamError(InvalidReason.NotFound),
  [SegmentsErrorCode.DynamicMembership]: (e) => e.invalidParamError(InvalidReason.NotAllowedValue),
};

export class SegmentsException extends DomainException<SegmentsErrorCode> {
  protected readonly errorMap = segmentsErrorMap;

  static alreadyMember(customerId: string): SegmentsException {
    return new SegmentsException(SegmentsErrorCode.AlreadyMember, 'The customer is already in this segment', {
      name: 'customer_id',
      value: customerId,
    });
  }

  static notMember(customerId: string): SegmentsException {
    return new SegmentsException(SegmentsErrorCode.NotMember, 'The customer is not in this segment', {
      name: 'customer_id',
      value: customerId,
    });
  }

  static dynamicMembership(segmentId: string): SegmentsException {
    return new SegmentsException(SegmentsErrorCode.DynamicMembership, 'Members of a dynamic segment follow its conditions', {
      name: 'segment_id',
      value: segmentId,
    });
  }
}
