// Little CMS 2: embedded colour profiles converted to sRGB while decoding.
#include <lcms2.h>

// The pixel formats Iro's pixbufs hold (lcms builds them with macros Swift cannot import).
static const cmsUInt32Number IRO_LCMS_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number IRO_LCMS_RGBA_8 = TYPE_RGBA_8;
// CMYK JPEGs' ink values, as stored (Adobe's files: inverted, 255 no ink).
static const cmsUInt32Number IRO_LCMS_CMYK_8 = TYPE_CMYK_8;
static const cmsUInt32Number IRO_LCMS_CMYK_8_REV = TYPE_CMYK_8_REV;
