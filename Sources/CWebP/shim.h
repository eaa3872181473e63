// libwebp's decoder, called directly: scaled output straight to the size the view needs,
// incremental (WebPIDecoder) for progress and cancelling; animations one frame at a time
// (WebPAnimDecoder, the demux API). Plain C types only. Its encoder writes edited pictures
// losslessly (EditEncoding).
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
