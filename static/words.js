// The page's own words in Thai and Khmer, for the loading screen and the page's HTML.
// Made by tools/catalogs.py compile from locale/*/LC_MESSAGES/game.po: do not edit.
window.solitaireWords = {
 "km": {
  "Could not load {file}": "មិនអាចផ្ទុក {file} បានទេ",
  "Dealing the cards": "កំពុងចែកបៀ",
  "Downloading the Python runtime": "កំពុងទាញយកប្រព័ន្ធផៃថុន",
  "First visit only: later visits start faster.": "យឺតតែលើកដំបូងប៉ុណ្ណោះ៖ លើកក្រោយនឹងចាប់ផ្ដើមលឿនជាងនេះ។",
  "Klondike, Spiderette and Spider solitaire. Plays offline in your browser.": "សូលីទែរ ក្លុនដាយ ស្ប៉ាយឌើរ៉ែត និងស្ប៉ាយឌើ។ លេងក្រៅបណ្ដាញបានក្នុងកម្មវិធីរុករករបស់អ្នក។",
  "Klondike, Spiderette and Spider solitaire. Plays offline.": "សូលីទែរ ក្លុនដាយ ស្ប៉ាយឌើរ៉ែត និងស្ប៉ាយឌើ។ លេងក្រៅបណ្ដាញបាន។",
  "Loading": "កំពុងផ្ទុក",
  "Solitaire": "សូលីទែរ",
  "Solitaire: Klondike, Spiderette, Spider": "សូលីទែរ៖ ក្លុនដាយ ស្ប៉ាយឌើរ៉ែត ស្ប៉ាយឌើ",
  "Starting Python": "កំពុងចាប់ផ្ដើមផៃថុន",
  "The game could not start": "ល្បែងមិនអាចចាប់ផ្ដើមបានទេ",
  "The game could not start:": "ល្បែងមិនអាចចាប់ផ្ដើមបានទេ៖",
  "The game stopped while starting. The browser console has the details.": "ល្បែងបានឈប់ពេលកំពុងចាប់ផ្ដើម។ ព័ត៌មានលម្អិតមាននៅក្នុងកុងសូលនៃកម្មវិធីរុករក។",
  "The game took more than {seconds} seconds to start. Check your connection and try again.": "ល្បែងចំណាយពេលលើសពី {seconds} វិនាទីដើម្បីចាប់ផ្ដើម។ សូមពិនិត្យការតភ្ជាប់ ហើយសាកម្ដងទៀត។",
  "Try again": "សាកម្ដងទៀត",
  "Unknown error": "កំហុសមិនស្គាល់មូលហេតុ"
 },
 "th": {
  "Could not load {file}": "โหลด {file} ไม่ได้",
  "Dealing the cards": "กำลังแจกไพ่",
  "Downloading the Python runtime": "กำลังดาวน์โหลดระบบไพทอน",
  "First visit only: later visits start faster.": "ช้าเฉพาะครั้งแรก: ครั้งต่อไปจะเริ่มเร็วขึ้น",
  "Klondike, Spiderette and Spider solitaire. Plays offline in your browser.": "โซลิแทร์คลอนไดก์ สไปเดอร์เรตต์ และสไปเดอร์ เล่นออฟไลน์ได้ในเบราว์เซอร์ของคุณ",
  "Klondike, Spiderette and Spider solitaire. Plays offline.": "โซลิแทร์คลอนไดก์ สไปเดอร์เรตต์ และสไปเดอร์ เล่นออฟไลน์ได้",
  "Loading": "กำลังโหลด",
  "Solitaire": "โซลิแทร์",
  "Solitaire: Klondike, Spiderette, Spider": "โซลิแทร์: คลอนไดก์ สไปเดอร์เรตต์ สไปเดอร์",
  "Starting Python": "กำลังเริ่มไพทอน",
  "The game could not start": "เริ่มเกมไม่ได้",
  "The game could not start:": "เริ่มเกมไม่ได้:",
  "The game stopped while starting. The browser console has the details.": "เกมหยุดทำงานระหว่างเริ่มต้น ดูรายละเอียดได้ในคอนโซลของเบราว์เซอร์",
  "The game took more than {seconds} seconds to start. Check your connection and try again.": "เกมใช้เวลาเริ่มต้นนานกว่า {seconds} วินาที ตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง",
  "Try again": "ลองอีกครั้ง",
  "Unknown error": "ข้อผิดพลาดที่ไม่ทราบสาเหตุ"
 }
};
