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
      title: "5. Kişisel Verilerin Aktarılması ve Yurt Dışına Aktarım",
      blocks: [
        p(
          "Profilinizdeki genel bilgiler platformu ziyaret edenlerle, e-posta adresiniz aynı projedeki ekip arkadaşlarınızla paylaşılır. Yazılı geri bildirimler yazarının kullanıcı adıyla birlikte değerlendirilen kişinin hesap sayfasında gösterilir ve insan kaynakları ekibimizce görülebilir. Verileriniz yasal olarak yetkili kamu kurumlarına, KVKK'nın 8. ve 9. maddelerine uygun olarak aktarılabilir.",
        ),
        p(
          "Platformun veritabanı, dosya deposu ve sunucu işlevleri Google Cloud / Firebase altyapısında, Avrupa Birliği'ndeki europe-west1 (Belçika) bölgesinde barındırılır. Bu, kişisel verilerinizin yurt dışına aktarılması anlamına gelir ve KVKK'nın 9. maddesi uyarınca açık rızanıza ve sağlayıcıyla yapılan standart sözleşmeye dayanır. E-postalar aynı altyapı üzerinden gönderilir.",
        ),
      ],
    },
    {
      title: "6. Saklama Süreleri",
      blocks: [
        p("Kişisel verilerinizi yalnızca amacın gerektirdiği süre kadar saklarız:"),
        list(
          "Profil, iletişim, proje, başvuru, bildirim ve değerlendirme verileri: üyeliğiniz sürdüğü sürece; hesabınızı sildiğinizde hemen silinir.",
          "Tamamlanmamış kayıtlar (3. adımı bitirilmemiş üyelik başvuruları): son doğrulama kodundan 7 gün sonra hesabıyla birlikte silinir.",
          "Gönderilen e-postaların kayıtları (doğrulama kodları, şifre sıfırlama bağlantıları, duyurular): 30 gün sonra silinir.",
          "Güvenlik amaçlı deneme sayaçları (giriş, kod ve şifre denemeleri): sayacın süresi dolunca, en geç 24 saat içinde silinir.",
          "Yüklenip profile veya projeye kaydedilmeyen görseller: 24 saat sonra silinir.",
          "Kâr payı ödeme kayıtları: muhasebe kayıtlarının yasal saklama süresi (10 yıl) boyunca tutulur; hesabınızı sildiğinizde adınız, e-posta adresiniz ve IBAN'ınız çıkarılarak takma adla saklanır.",
          "Yazdığınız geri bildirimler ve verdiğiniz oylar, ekip arkadaşlarınızın değerlendirmeleri için hesabınız silindikten sonra 'Silinmiş Üye' adıyla, sizi tanımlamadan kalır.",
        ),
        p("Bu sürelerin sonunda veriler her gün çalışan otomatik bir işlemle silinir."),
      ],
    },
    {
      title: "7. İlgili Kişinin Hakları",
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
          "Hesabım sayfasındaki 'Verilerimi İndir' düğmesiyle platformda hakkınızda tutulan tüm verileri (profil, iletişim ve özel bilgiler, verdiğiniz onaylar ve onay tarihleri, projeler, başvurular, bildirimler, oylar, geri bildirimler, ödeme kayıtları, görseller ve size gönderilen e-postalar) tek bir dosya olarak hemen indirebilirsiniz. 'Hesabımı Sil' düğmesiyle, şifrenizi yeniden girerek hesabınızı ve kişisel verilerinizi silebilirsiniz; yukarıda belirtilen ödeme kayıtları takma adla saklanmaya devam eder.",
        ),
        p(
          `Bu haklarınıza ilişkin diğer taleplerinizi ${site.contactEmail} adresine iletebilirsiniz. Başvurularınız, talebin niteliğine göre en kısa sürede ve en geç 30 gün içinde ücretsiz olarak sonuçlandırılır.`,
        ),
      ],
    },
  ],
};
