import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { MediaController } from './media/media.controller';
import { PictureFiles } from './picture-files';
import { PictureLibrary, PictureLibraryProjection } from './picture-library/picture-library.projection';
import { UploadPictureController } from './upload/upload-picture.controller';
import { UploadPicture } from './upload/upload-picture.service';

/** Product pictures: uploaded by the operator, recorded as facts, stored by hash, served with long cache lifetimes. */
@Module({
  controllers: [UploadPictureController, MediaController],
  providers: [PictureFiles, UploadPicture, PictureLibrary, PictureLibraryProjection],
})
export class PicturesModule implements OnModuleInit {
  constructor(
    @Inject(ProjectionRegistry) private readonly registry: ProjectionRegistry,
    @Inject(PictureLibraryProjection) private readonly library: PictureLibraryProjection,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.library);
  }
}
