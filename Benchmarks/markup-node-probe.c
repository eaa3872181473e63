/* What markup costs a frame in GSK's cairo renderer (GTK 4.8), by how it is put in the frame
 * (docs/PERFORMANCE.md, "Markup in the picture's own cairo node"): a 1920x1080 opaque picture
 * painted by a cairo node, as Iro draws its rendering, then a translucent cache of 2000 strokes
 * (2865x1534) or a stroke under way added in a node of its own, in the picture's node, or as a
 * texture. One frame rendered off-screen, median of 15.
 * Build: gcc -O2 Benchmarks/markup-node-probe.c -o markup-node-probe $(pkg-config --cflags --libs gtk4) -lm
 * Run:   GSK_RENDERER=cairo GDK_DEBUG=gl-disable xvfb-run -a -s "-screen 0 1920x1080x24" ./markup-node-probe */
#include <gtk/gtk.h>
#include <math.h>
static double now(){return g_get_monotonic_time()/1000.0;}
static cairo_surface_t *img, *cache; static GdkTexture *cachetex;
static void paint_img(GtkSnapshot*s, cairo_t*cr0){
  cairo_t*cr=cr0; graphene_rect_t b=GRAPHENE_RECT_INIT(0,0,1920,1080);
  if(!cr) cr=gtk_snapshot_append_cairo(s,&b);
  cairo_set_source_surface(cr,img,0,0); cairo_paint(cr);
  if(!cr0) cairo_destroy(cr);
}
static void paint_cache(cairo_t*cr,double f){
  cairo_save(cr); cairo_scale(cr,f,f); cairo_translate(cr,-472,-227);
  cairo_set_source_surface(cr,cache,0,0); if(f!=1) cairo_pattern_set_filter(cairo_get_source(cr),CAIRO_FILTER_FAST);
  cairo_paint(cr); cairo_restore(cr);
}
static void stroke(cairo_t*cr,int i){ cairo_set_source_rgb(cr,1,0,0); cairo_set_line_width(cr,4); cairo_move_to(cr,600,500); for(int k=0;k<40;k++) cairo_line_to(cr,600+k*8+i,500+20*sin(k)); cairo_stroke(cr);}
int main(int argc,char**argv){
  gtk_init();
  GtkWidget*w=gtk_window_new(); gtk_window_set_default_size(GTK_WINDOW(w),1920,1080); gtk_window_present(GTK_WINDOW(w));
  while(!gtk_widget_get_mapped(w)) g_main_context_iteration(NULL,TRUE);
  GskRenderer*r=gtk_native_get_renderer(GTK_NATIVE(w));
  printf("renderer %s\n", G_OBJECT_TYPE_NAME(r));
  img=cairo_image_surface_create(CAIRO_FORMAT_RGB24,1920,1080);
  {cairo_t*c=cairo_create(img); cairo_pattern_t*p=cairo_pattern_create_linear(0,0,1920,1080); cairo_pattern_add_color_stop_rgb(p,0,0.2,0.4,0.9); cairo_pattern_add_color_stop_rgb(p,1,0.9,0.7,0.1); cairo_set_source(c,p); cairo_paint(c); cairo_destroy(c);}
  cache=cairo_image_surface_create(CAIRO_FORMAT_ARGB32,2865,1534);
  {cairo_t*c=cairo_create(cache); cairo_set_source_rgba(c,0,0,1,0.8); cairo_set_line_width(c,6); for(int i=0;i<2000;i++){ cairo_move_to(c,(i/100)*150,(i%100)*15); for(int k=0;k<20;k++) cairo_line_to(c,(i/100)*150+k*7,(i%100)*15+10*sin(k)); cairo_stroke(c);} cairo_destroy(c);}
  cairo_surface_flush(cache);
  GBytes*bytes=g_bytes_new(cairo_image_surface_get_data(cache),cairo_image_surface_get_stride(cache)*1534);
  cachetex=gdk_memory_texture_new(2865,1534,GDK_MEMORY_B8G8R8A8_PREMULTIPLIED,bytes,cairo_image_surface_get_stride(cache));
  graphene_rect_t vp=GRAPHENE_RECT_INIT(0,0,1920,1080);
  const char*names[]={"A image","B image+cache node 1:1","C image+cache node x1.1","D one node image+cache x1.1","E image+cache texture x1.1","F image+stroke node tight","G image+stroke node fullview","H image+cache texture 1:1"};
  for(int mode=0;mode<8;mode++){
    double t[15]; int N=15;
    for(int i=0;i<N;i++){
      GtkSnapshot*s=gtk_snapshot_new();
      graphene_rect_t full=GRAPHENE_RECT_INIT(0,0,1920,1080);
      if(mode==3){ cairo_t*cr=gtk_snapshot_append_cairo(s,&full); paint_img(s,cr); paint_cache(cr,1.1); cairo_destroy(cr);} else paint_img(s,NULL);
      if(mode==1||mode==2){ cairo_t*cr=gtk_snapshot_append_cairo(s,&full); paint_cache(cr,mode==1?1:1.1); cairo_destroy(cr);}
      if(mode==4||mode==7){ double f=mode==4?1.1:1; gtk_snapshot_save(s); gtk_snapshot_scale(s,f,f); graphene_point_t p=GRAPHENE_POINT_INIT(-472,-227); gtk_snapshot_translate(s,&p); graphene_rect_t b=GRAPHENE_RECT_INIT(0,0,2865,1534); gtk_snapshot_append_texture(s,cachetex,&b); gtk_snapshot_restore(s);}
      if(mode==5){ graphene_rect_t b=GRAPHENE_RECT_INIT(590,470,350,60); cairo_t*cr=gtk_snapshot_append_cairo(s,&b); stroke(cr,i); cairo_destroy(cr);}
      if(mode==6){ cairo_t*cr=gtk_snapshot_append_cairo(s,&full); stroke(cr,i); cairo_destroy(cr);}
      GskRenderNode*n=gtk_snapshot_free_to_node(s);
      double t0=now(); GdkTexture*o=gsk_renderer_render_texture(r,n,&vp);
      t[i]=now()-t0; g_object_unref(o); gsk_render_node_unref(n);
    }
    for(int a=0;a<N;a++)for(int b=a+1;b<N;b++) if(t[b]<t[a]){double x=t[a];t[a]=t[b];t[b]=x;}
    printf("%-32s median %.1f ms (min %.1f)\n",names[mode],t[N/2],t[0]);
  }
  return 0;
}
