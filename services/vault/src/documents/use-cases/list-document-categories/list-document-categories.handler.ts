import { Injectable } from '@nestjs/common';
import { DOCUMENT_CATEGORIES, ListDocumentCategories, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseHandler } from '@pm/nest-kit';

/** GET document/categories: the product's fixed list (the AI files into these only). */
@Injectable()
@UseCase(ListDocumentCategories)
export class ListDocumentCategoriesHandler implements UseCaseHandler<typeof ListDocumentCategories> {
  handle(): Promise<ResponseOf<typeof ListDocumentCategories>> {
    return Promise.resolve(DOCUMENT_CATEGORIES.map((category) => ({ id: category.id, name: category.name })));
  }
}
