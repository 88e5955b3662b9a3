import { formatRateTr } from "@platform/common";
import { site } from "../../lib/site";
import { list, p, type LegalDocument } from "./model";

/**
 * Üyelik ve Kullanıcı Sözleşmesi: the rules of docs/product-rules.md#screen-legal as the member accepts them, with the
 * profit rate in force (`config/public`).
 */
export const membershipAgreement = (profitRate: number): LegalDocument => ({
  title: "Üyelik ve Kullanıcı Sözleşmesi",
  description:
    "Platform üyeliğinin koşulları, proje ve oylama kuralları, kâr paylaşımı ile tarafların hak ve yükümlülükleri.",
  intro: [
    `Bu sözleşme, ${site.name} ("Platform" veya "Sağlayıcı") ile Platform'a üye olan kişi ("Üye") arasında, Üye'nin kayıt sırasında sözleşmeyi onaylamasıyla kurulur.`,
  ],
  sections: [
    {
      title: "1. Konu",
      blocks: [
        p(
          "Sözleşmenin konusu, Juniorların (kariyerinin başındaki yazılım ve tasarım profesyonelleri) ve Seniorların (mentör ve değerlendirici olarak görev alan deneyimli profesyoneller) haftalık ekipler hâlinde gerçek projeler geliştirdiği Platform'un kullanım koşullarının belirlenmesidir.",
        ),
      ],
    },
    {
      title: "2. Üyelik",
      blocks: [
        list(
          "Üyelik ücretsizdir.",
          "Üye, kayıt sırasında verdiği bilgilerin doğru ve güncel olduğunu kabul eder.",
          "Üye türü (Junior veya Senior) pozisyondan bağımsızdır ve kayıt sırasında seçilir.",
          "Üye, hesabının güvenliğinden ve şifresinin gizliliğinden sorumludur.",
        ),
      ],
    },
    {
      title: "3. Projeler ve Pozisyonlar",
      blocks: [
        list(
          "Platform'a her cuma saat 12:00'de yeni bir proje eklenir.",
          "Cumartesi saat 12:00'ye kadar yeni projeye yalnızca Junior Project Manager başvurabilir.",
          "Proje verilerini yalnızca Junior Project Manager düzenleyebilir ve projeye açık pozisyon ekleyebilir. Project Manager tamamlanan projeyi 3 gün içinde teslim eder.",
          "Açık pozisyonlar 24 saat boyunca başvuru alır; bu sürenin sonunda sistem başvuranlar arasından otomatik olarak seçim yapar. Hiç başvuru olmazsa süre, bir başvuru gelene kadar 24'er saat uzatılır.",
          "Üye yalnızca kendi pozisyonuna uygun açık pozisyonlara başvurabilir ve aynı anda yalnızca bir aktif projede yer alabilir.",
          "Ekipten çıkarılan veya ayrılan bir üyenin yeri yeni bir açık pozisyonla doldurulabilir.",
          "Juniorlardan haftada 15 saat ve üzeri çalışmaları, Seniorlardan haftada en az 1 saat mentörlük yapmaları beklenir.",
        ),
      ],
    },
    {
      title: "4. Değerlendirme ve Oylama",
      blocks: [
        list(
          "Ekip üyeleri birbirlerini her hafta anonim olarak değerlendirir. Ankete yalnızca Juniorlar katılır.",
          "Seniorlar yalnızca mentörlükten çıkarma oylamasında değerlendirilir; bir Juniorı değerlendiren Senior ayrıca yetenek anketini doldurur.",
          "Yazılı geri bildirimler, yazarının kullanıcı adıyla birlikte değerlendirilen kişinin hesap sayfasında gösterilir. İnsan kaynakları ekibi geri bildirimleri görebilir.",
          "Ekip oylaması cuma saat 12:00 ile 23:59 arasında yapılır.",
          "Aynı hafta içinde diğer ekip üyelerinin %50 veya daha fazlası bir üyenin ekipten çıkarılmasını isterse, durum bir operasyon uzmanınca incelenir ve üye ekipten çıkarılabilir. Nihai kararı Sağlayıcı verir.",
        ),
      ],
    },
    {
      title: "5. Kâr Paylaşımı",
      blocks: [
        list(
          `Platform, projelerden elde edilen net kârdan ${formatRateTr(profitRate)} oranında pay alır. Sağlayıcı bu oranı değiştirebilir; değişiklik Platform'da ve e-posta ile duyurulur.`,
          "Kalan tutar, kişi başına çalışılan gün sayısına göre paylaştırılır.",
          "Kâr, her ayın 15'inde bir önceki ay için hesaplanır ve üyelerin bildirdiği IBAN numaralarına ödenir.",
          "Çalışılan günler, projeye katılım tarihinden itibaren sayılır. Örneğin 30 gün çeken bir ayın 15'inde katılan üye için 15 gün hesaplanır.",
          "Gönüllü kâr payı yalnızca 18 yaşından büyük Juniorlara ödenir.",
        ),
      ],
    },
    {
      title: "6. Üyenin Yükümlülükleri",
      blocks: [
        list(
          "Üye, Platform'u hukuka, genel ahlaka ve bu sözleşmeye uygun kullanır.",
          "Üye, ekip arkadaşlarına saygılı davranır ve değerlendirmeleri dürüstçe yapar.",
          "Üye, projelerde başkalarına ait fikri mülkiyet haklarını ihlal eden içerik kullanmaz.",
        ),
      ],
    },
    {
      title: "7. Kişisel Veriler",
      blocks: [
        p(
          "Üye'nin kişisel verileri 6698 sayılı Kişisel Verilerin Korunması Kanunu'na, KVKK Aydınlatma Metni'ne ve Gizlilik ve Çerez Politikası'na uygun olarak işlenir. Veri taleplerine en geç 30 gün içinde yanıt verilir.",
        ),
      ],
    },
    {
      title: "8. Sözleşmenin Değiştirilmesi ve Sona Ermesi",
      blocks: [
        p(
          "Sağlayıcı bu sözleşmeyi güncelleyebilir; güncel metin Platform'da yayımlandığı tarihte yürürlüğe girer. Üye dilediği zaman üyeliğini sona erdirebilir. Sağlayıcı, sözleşmeye aykırı davranan üyenin üyeliğini askıya alabilir veya sona erdirebilir.",
        ),
      ],
    },
    {
      title: "9. Uyuşmazlıklar ve İletişim",
      blocks: [
        p(
          "Bu sözleşmeden doğan uyuşmazlıklarda Türk hukuku uygulanır ve İstanbul mahkemeleri ile icra daireleri yetkilidir.",
        ),
        p(
          `Sözleşmeyle ilgili sorularınız için ${site.contactEmail} adresinden bize ulaşabilirsiniz.`,
        ),
      ],
    },
  ],
});
