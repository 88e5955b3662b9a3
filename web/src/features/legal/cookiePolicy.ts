import { site } from "../../lib/site";
import { list, p, type LegalDocument } from "./model";

/** Gizlilik ve Çerez Politikası (docs/product-rules.md#kvkk-cookies, #screen-legal). */
export const COOKIE_POLICY: LegalDocument = {
  title: "Gizlilik ve Çerez Politikası",
  description:
    "Sitemizde kullanılan çerezler, türleri, kullanım amaçları ve çerez tercihlerinizi nasıl değiştirebileceğiniz.",
  intro: [
    `${site.name} olarak kişisel verilerinizin güvenliğine önem veriyoruz. Bu politika, internet sitemizi ziyaret ettiğinizde kullanılan çerezleri ve kişisel verilerinizin 6698 sayılı Kişisel Verilerin Korunması Kanunu ("KVKK") kapsamında nasıl işlendiğini açıklar.`,
    "Sitemizi kullanmaya devam etmeniz, bu Gizlilik ve Çerez Politikası'nı kabul ettiğiniz anlamına gelir.",
  ],
  sections: [
    {
      title: "1. Çerez Nedir?",
      blocks: [
        p(
          "Çerezler, bir internet sitesini ziyaret ettiğinizde tarayıcınız aracılığıyla cihazınıza kaydedilen küçük metin dosyalarıdır. Çerezler sayesinde site, ziyaretiniz boyunca ve sonraki ziyaretlerinizde sizi ve tercihlerinizi hatırlayabilir.",
        ),
        p(
          "Çerezler cihazınızdaki diğer dosyalara erişmez, cihazınıza zarar vermez ve tek başına kimliğinizi belirlemeye yetecek bilgi içermez.",
        ),
      ],
    },
    {
      title: "2. Çerezlerin Yerleştirilmesi ve Tercihlerin Değiştirilmesi",
      blocks: [
        p(
          "Çerezler, sitemizi ilk ziyaretinizde tarayıcınıza yerleştirilir. Sitenin alt köşesinde gösterilen çerez bildirimini kapattığınızda bu tercihiniz tarayıcınızda saklanır ve bildirim bir daha gösterilmez.",
        ),
        p(
          "Çerez tercihlerinizi dilediğiniz zaman tarayıcınızın ayarlarından değiştirebilir, çerezleri silebilir ya da engelleyebilirsiniz. Yaygın tarayıcılarda bu ayarlara aşağıdaki yollardan ulaşabilirsiniz:",
        ),
        {
          kind: "table",
          caption: "Tarayıcılarda çerez ayarları",
          head: ["Tarayıcı", "Çerez ayarlarının yeri"],
          rows: [
            ["Google Chrome", "Ayarlar > Gizlilik ve güvenlik > Üçüncü taraf çerezleri"],
            ["Mozilla Firefox", "Ayarlar > Gizlilik ve Güvenlik > Çerezler ve Site Verileri"],
            ["Safari", "Tercihler > Gizlilik > Çerezleri ve web sitesi verilerini yönet"],
            ["Microsoft Edge", "Ayarlar > Tanımlama bilgileri ve site izinleri"],
            ["Opera", "Ayarlar > Gizlilik ve güvenlik > Çerezler ve diğer site verileri"],
          ],
        },
        p(
          "Zorunlu çerezleri silmeniz veya engellemeniz durumunda sitenin yalnızca kayıtlı üyelere açık bölümleri (hesabım, bildirimler, proje başvuruları ve oylamalar) çalışmaz.",
        ),
      ],
    },
    {
      title: "3. Çerez Türleri ve Kullanım Amaçları",
      blocks: [
        p("Sitemizde saklama süresine göre iki tür çerez kullanılmaktadır:"),
        list(
          "Geçici (oturum) çerezleri: Siteyi ziyaretiniz süresince kullanılır ve siteden ayrıldığınızda silinir.",
          "Zorunlu (kalıcı) çerezler: Tercihlerinizi değiştirene ya da siz silene kadar cihazınızda kalır. Oturumunuzun açık tutulması, güvenliğin sağlanması ve ayarlarınızın (ör. renk teması, çerez bildirimi tercihi) hatırlanması için kullanılır.",
        ),
        p("Çerezler aşağıdaki amaçlarla kullanılır:"),
        list(
          "Altyapının iyileştirilmesi: Sitenin güvenli ve kesintisiz çalışması, hataların tespit edilmesi ve performansın ölçülmesi.",
          "Kişiselleştirme: Tercihlerinizin hatırlanması ve size uygun içeriklerin gösterilmesi.",
          "Reklam ve pazarlama: Size ilgi alanlarınıza uygun duyuru ve reklamların gösterilmesi ile kampanyaların etkinliğinin ölçülmesi.",
        ),
      ],
    },
    {
      title: "4. Politikadaki Değişiklikler",
      blocks: [
        p(
          "Bu politika, mevzuattaki ve hizmetlerimizdeki değişikliklere göre güncellenebilir. Güncel metin her zaman bu sayfada yayımlanır ve yayımlandığı tarihte yürürlüğe girer.",
        ),
      ],
    },
    {
      title: "5. Yürürlük ve Son Hükümler",
      blocks: [
        p(
          "Bu politika, aşağıda belirtilen yürürlük tarihinde yürürlüğe girmiştir. Kişisel verileriniz 6698 sayılı Kanun ve ilgili mevzuata uygun olarak işlenir. KVKK kapsamındaki başvurularınız en geç 30 gün içinde sonuçlandırılır.",
        ),
        p(
          "Kişisel verilerinizi üyelik, proje ve ekip çalışması, değerlendirme, kâr paylaşımı, bildirim ve bilgi güvenliği amaçlarıyla işleriz. Verileriniz Avrupa Birliği'ndeki europe-west1 (Belçika) bölgesindeki Google Cloud / Firebase altyapısında saklanır; bu bir yurt dışı aktarımıdır. Tamamlanmamış kayıtlar 7 gün, e-posta kayıtları 30 gün, güvenlik sayaçları ve kaydedilmeyen görseller 24 saat sonra silinir; ödeme kayıtları 10 yıl boyunca adınız ve IBAN'ınız olmadan saklanır. Ayrıntılar KVKK Aydınlatma Metni'ndedir.",
        ),
        p(
          "Hesabım sayfasındaki 'Verilerimi İndir' düğmesiyle tüm verilerinizi indirebilir, 'Hesabımı Sil' düğmesiyle şifrenizi girerek hesabınızı ve kişisel verilerinizi silebilirsiniz.",
        ),
        p(
          `Gizlilik ve Çerez Politikası ile ilgili her türlü soru ve talebiniz için ${site.contactEmail} adresinden bize ulaşabilirsiniz.`,
        ),
      ],
    },
  ],
};
