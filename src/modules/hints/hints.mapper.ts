import { formatDateTime } from '@tessera/http';
import { HintDto } from './dto/hint.dto';
import { HintEntity } from './entities/hint.entity';

export function toHintDto(hint: HintEntity, timeZone: string): HintDto {
  return {
    recommendation_id: hint.id,
    name: hint.name,
    brief_description: hint.briefDescription,
    detailed_description: hint.detailedDescription,
    content: hint.content,
    picture_urls: hint.pictureUrls,
    web_url: hint.webUrl,
    last_change: formatDateTime(hint.lastChange, timeZone),
    state: hint.state,
  };
}
