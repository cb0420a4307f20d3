import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import * as bwipjs from 'bwip-js';
import { Repository } from 'typeorm';
import { newId } from '@tessera/core';
import { Actor, CommonException, InvalidReason } from '@tessera/http';
import { DigitalCardFileType } from './dto/card.dto';
import { CardFileEntity } from './entities/card-file.entity';
import { CardEntity, CardState } from './entities/card.entity';
import { LoyaltyException } from './loyalty.exceptions';

/** The public path rendered card files are served under (outside both interfaces: a file URL needs no token). */
export const CARD_FILES_PATH = 'card-files';

const PNG = 'image/png';
const FILE_NAME = /^([0-9a-f]{32})\.png$/;

/**
 * Digital cards: the card number drawn as a Code 128 barcode or a QR code, stored and served at an
 * unguessable URL. Wallet passes and the third-party card services need credentials this server
 * does not have, so they are refused as not allowed.
 */
@Injectable()
export class DigitalCardService {
  constructor(
    @InjectRepository(CardEntity) private readonly cards: Repository<CardEntity>,
    @InjectRepository(CardFileEntity) private readonly files: Repository<CardFileEntity>,
  ) {}

  /** Renders the file and returns its public URL under `origin` (scheme and host of the request). */
  async generate(actor: Actor, cardId: string, fileType: DigitalCardFileType, origin: string): Promise<string> {
    if (fileType === 'wallet') {
      throw CommonException.operationNotAllowed('Wallet passes need a pass-signing certificate, and none is configured');
    }
    const card = await this.cards.findOne({ where: { id: cardId } });
    if (!card) throw CommonException.invalid('card_id', InvalidReason.NotFound, 'No card has this id', cardId);
    if (actor.kind === 'device' && card.customerId !== actor.customerId) {
      if (!actor.customerId) throw CommonException.customerNotLoggedIn();
      throw CommonException.invalid(
        'card_id',
        InvalidReason.NotBelongToLoggedInCustomer,
        "The card is not the logged-in customer's",
        cardId,
      );
    }
    if (card.state === CardState.Blocked) throw LoyaltyException.cardIsBlocked('card_id', cardId);
    const content =
      fileType === 'qr-png'
        ? await bwipjs.toBuffer({ bcid: 'qrcode', text: card.cardNumber, scale: 6, paddingwidth: 4, paddingheight: 4 })
        : await bwipjs.toBuffer({
            bcid: 'code128',
            text: card.cardNumber,
            scale: 3,
            height: 15,
            includetext: true,
            textxalign: 'center',
            paddingwidth: 8,
            paddingheight: 8,
          });
    const id = newId();
    await this.files.insert({ id, cardId: card.id, fileType, mediaType: PNG, content });
    return `${origin}/${CARD_FILES_PATH}/${id}.png`;
  }

  async file(fileName: string): Promise<{ mediaType: string; content: Buffer }> {
    const id = FILE_NAME.exec(fileName)?.[1];
    const file = id ? await this.files.findOne({ where: { id } }) : null;
    if (!file) throw CommonException.recordNotFound(CARD_FILES_PATH, fileName);
    return { mediaType: file.mediaType, content: file.content };
  }

  passMachineCard(): never {
    throw CommonException.operationNotAllowed('No PassMachine account is configured for this project');
  }

  validateIsicCard(): never {
    throw CommonException.operationNotAllowed('No ISIC card verifier is configured for this project');
  }
}
