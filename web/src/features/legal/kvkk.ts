import { site } from "../../lib/site";
import { list, p, type LegalDocument } from "./model";

/** KVKK Aydınlatma Metni (6698 sayılı Kanun md. 10). */
export const KVKK: LegalDocument = {
  title: "KVKK Aydınlatma Metni",
  description:
    "6698 sayılı Kişisel Verilerin Korunması Kanunu kapsamında kişisel verilerinizin işlenmesine ilişkin aydınlatma metni.",
  intro: [
    `Bu aydınlatma metni, 6698 sayılı Kişisel Verilerin Korunması Kanunu'nun ("KVKK") 10. maddesi uyarınca, veri sorumlusu sıfatıyla ${site.name} tarafından, üyelerimizin ve ziyaretçilerimizin kişisel verilerinin işlenmesine ilişkin olarak hazırlanmıştır.`,
  ],
  sections: [
    {
      title: "1. Veri Sorumlusu",
      blocks: [
        p(
          `Kişisel verileriniz veri sorumlusu ${site.name} tarafından işlenir. Bize ${site.contactEmail} adresinden ulaşabilirsiniz.`,
        ),
      ],
    },
    {
      title: "2. İşlenen Kişisel Veriler",
      blocks: [
        list(
          "Kimlik ve iletişim bilgileri: ad soyad, e-posta adresi, telefon numarası.",
          "Profil bilgileri: cinsiyet, doğum tarihi, ülke ve şehir, pozisyon, üye türü (Junior veya Senior), hakkında yazısı, yetenekler, diller, eğitim ve sertifikalar, sosyal medya adresleri ve profil fotoğrafı.",
          "Proje bilgileri: yer alınan projeler, başvurular, ekip içindeki görev ve katılım tarihleri.",
          "Değerlendirme bilgileri: haftalık anonim puanlar, yazılı geri bildirimler, yetenek değerlendirmeleri ve ekipten çıkarma talepleri.",
          "Finansal bilgiler: kâr payı ödemeleri için IBAN numarası.",
          "İşlem güvenliği bilgileri: oturum ve çerez kayıtları, IP adresi ve tarayıcı bilgileri.",
        ),
      ],
    },
    {
      title: "3. Kişisel Verilerin İşlenme Amaçları",
      blocks: [
        list(
          "Üyelik kaydının oluşturulması, e-posta adresinin doğrulanması ve hesabın yönetilmesi,",
          "Projelerin yayımlanması, açık pozisyonlara başvuruların alınması ve otomatik seçimin yapılması,",
          "Ekip içi haftalık değerlendirmelerin, oylamaların ve geri bildirimlerin yürütülmesi,",
          "Kâr paylaşımının hesaplanması ve üyelerin bildirdiği IBAN numaralarına ödeme yapılması,",
          "Bildirimlerin ve bilgilendirme e-postalarının gönderilmesi,",
          "Bilgi güvenliğinin sağlanması ve hukuki yükümlülüklerin yerine getirilmesi.",
        ),
      ],
    },
    {
      title: "4. Hukuki Sebepler ve Toplama Yöntemi",
      blocks: [
        p(
          "Kişisel verileriniz; internet sitemiz üzerindeki kayıt, profil ve proje formları ile çerezler aracılığıyla elektronik ortamda toplanır. Verileriniz KVKK'nın 5. maddesinde yer alan bir sözleşmenin kurulması veya ifasıyla doğrudan ilgili olması, veri sorumlusunun hukuki yükümlülüğünü yerine getirebilmesi, meşru menfaat ve açık rızanızın bulunması hukuki sebeplerine dayanılarak işlenir.",
        ),
      ],
    },
    {
      title: "5. Kişisel Verilerin Aktarılması",
      blocks: [
        p(
          "Profilinizdeki genel bilgiler platformu ziyaret edenlerle, e-posta adresiniz aynı projedeki ekip arkadaşlarınızla paylaşılır. Yazılı geri bildirimler yazarının kullanıcı adıyla birlikte değerlendirilen kişinin hesap sayfasında gösterilir ve insan kaynakları ekibimizce görülebilir. Verileriniz, hizmetin sunulması için yararlandığımız bulut altyapı sağlayıcılarına ve yasal olarak yetkili kamu kurumlarına, KVKK'nın 8. ve 9. maddelerine uygun olarak aktarılabilir.",
        ),
      ],
    },
    {
      title: "6. İlgili Kişinin Hakları",
      blocks: [
        p("KVKK'nın 11. maddesi uyarınca herkes veri sorumlusuna başvurarak:"),
        list(
          "Kişisel verilerinin işlenip işlenmediğini öğrenme,",
          "İşlenmişse buna ilişkin bilgi talep etme,",
          "İşlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme,",
          "Yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,",
          "Eksik veya yanlış işlenmişse düzeltilmesini isteme,",
          "KVKK'nın 7. maddesindeki şartlar çerçevesinde silinmesini veya yok edilmesini isteme,",
          "Düzeltme, silme ve yok etme işlemlerinin aktarıldığı üçüncü kişilere bildirilmesini isteme,",
          "Münhasıran otomatik sistemlerle analiz edilmesi sonucunda aleyhine bir sonucun ortaya çıkmasına itiraz etme,",
          "Kanuna aykırı işlenmesi sebebiyle zarara uğraması hâlinde zararın giderilmesini talep etme haklarına sahiptir.",
        ),
        p(
          `Bu haklarınıza ilişkin taleplerinizi ${site.contactEmail} adresine iletebilirsiniz. Başvurularınız, talebin niteliğine göre en kısa sürede ve en geç 30 gün içinde ücretsiz olarak sonuçlandırılır.`,
        ),
      ],
    },
  ],
};
