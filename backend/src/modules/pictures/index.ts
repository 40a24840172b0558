/** What other parts of the server may use from pictures. */
export { PicturesModule } from './pictures.module';
