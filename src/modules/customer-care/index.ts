/** What the operator API may use of customer care: finding and seeing a customer, corrections, and privacy rights. */
export { CustomerCareModule } from './customer-care.module';
export { CustomerCareService } from './customer-care.service';
export { PrivacyService } from './privacy.service';
export type {
  CardStateChange,
  CreditAdjustment,
  CreditAdjustmentInput,
  CreditBalance,
  CustomerPicture,
  CustomerSearchQuery,
  CustomerSearchRow,
  PasswordSetupResend,
  PictureCard,
  PictureConsent,
  PictureEvent,
  PictureMessage,
  PictureProfile,
  PicturePurchase,
  PictureSegment,
  PictureStatus,
  PictureVoucher,
  PointAdjustment,
  PointAdjustmentInput,
  PointBalance,
  PrivacyErasure,
  PrivacyExport,
  StatusProgress,
} from './dto/customer-care.dto';
