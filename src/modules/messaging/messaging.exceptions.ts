import { ApiError, DomainException, ErrorMap } from '@tessera/http';

export enum MessagingErrorCode {
  /** Too many messages to one recipient in the window; `data.retryAfter` holds the seconds left. */
  RecipientThrottled = 'recipient_throttled',
}

const messagingErrorMap: ErrorMap<MessagingErrorCode, MessagingException> = {
  [MessagingErrorCode.RecipientThrottled]: (e) => ApiError.tooManyRequests(Number(e.details.data?.retryAfter ?? 1)),
};

export class MessagingException extends DomainException<MessagingErrorCode> {
  protected readonly errorMap = messagingErrorMap;

  static recipientThrottled(retryAfterSeconds: number): MessagingException {
    return new MessagingException(
      MessagingErrorCode.RecipientThrottled,
      'Too many one-time passwords sent to this recipient; try again later',
      {
        data: { retryAfter: retryAfterSeconds },
      },
    );
  }
}
