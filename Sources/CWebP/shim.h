// libwebp's decoder, called directly: scaled output straight to the size the view needs,
// incremental (WebPIDecoder) for progress and cancelling. Plain C types only.
#include <webp/decode.h>
